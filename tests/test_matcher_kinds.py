"""The adversarial kinds of issue 7, each with its own cases, on the RFCs and on small documents.

Harmless kinds are found by a non-fuzzy tier with no flag (or, where the kind is "for review",
found with the flag that says why). Harmful kinds are never a plain match: ``missing`` with the
difference that rules them out, or found with a flag that keeps them out of ``auto``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from citecheck import Citation, Document, Location, check_citation, parse_file
from citecheck.matcher import locate
from citecheck.testing import StaticJudge

PROTOCOL = {
    "1": "1. Tokens\n\n"
    "   The client MUST authenticate with the authorization server unless it is a public client.\n"
    "   If the client type is confidential, the client MUST use TLS for every request.\n"
    "   The server SHOULD reject the token and MAY log the failure for later inspection.\n"
    "   Only octets that correspond to unreserved characters are decoded by the normalizer.\n"
    "   A case-sensitive comparison of the AES-128 key material is performed by the server.\n"
    "   The scope value is encoded with UTF-8 before it is sent over the wire.\n"
    "   Every URI is parsed as defined in [RFC3986] before it is compared.\n"
    "   Clients (e.g., native apps) SHOULD use PKCE for every authorization request.\n"
    "   The channel is secure for every request made by the client.\n"
    "   The field is normative for every receiver of the message.\n",
    "2": "2. Syntax\n\n"
    "   The threshold is 10^-6 for every encoded value in the stream.\n"
    "   The base URI is http://example.com/ for every relative reference here.\n"
    '   The delimiter character "?" separates the query from the path.\n'
    "   The loopback address 2001:db8::1 is used for every local test here.\n"
    "   Values range over 10\u201320 octets in every encoded header\u2014the rest is padding.\n"
    "   o  The first bullet names the inbound request path.\n"
    "   o  The second bullet names the encrypted session key.\n"
    "   That is, the value is ignored, i.e., it is never read by the server.\n"
    "   The cache keeps entries for 3,600 seconds before it expires them.\n"
    "   The colour of the widget is chosen by the server at random.\n"
    "   The session (which is not persisted across restarts) is closed after one hour.\n"
    "   It MUST be rejected when the signature does not validate.\n"
    "   The token is signed by the issuer [RFC7519] and sent to the client.\n",
}

STEPS = {
    "1": "1. Steps\n\nThe client does the following:\n\n   1.  The client sends the request to the server.\n\n"
    "   2.  The server answers with a token for the client.\n\n   (a) Nothing else matters here today.\n"
}

BIOMEDICAL = {
    "abstract": "Abstract\n\nIn treated mice, \u03b1-catenin expression was increased in the cortex, and the drug "
    "activates STAT3 signalling in hepatocytes. Serum IL-6 was upregulated after 24 h. The patients showed "
    "hyperglycemia after the 10 \u00b5g dose. The inhibitor didn't activate the receptor in resting T cells. "
    "Levels rose to 10\u2076 copies per ml in the \u03b2-cell population. Expression increased in the control "
    "group (p < 0.05). The effect was seen in treated mice, mostly in older animals.",
}


# One sentence a section, so each ellipsis can only close over the words it is about.
GAPS = {
    str(n): sentence
    for n, sentence in enumerate(
        [
            "The resource server fails to validate the audience claim in tokens issued by third party providers.",
            "The resource server rarely validates the issuer claim in tokens issued by other providers.",
            "The key is at most 255 octets long in the serialized header of every message.",
            "The key is sent up to three times to the resource server in every session.",
            "Treatment reduced mortality in patients lacking the mutation compared with placebo over two years.",
            "The client refuses to send the token to servers outside the trusted domain.",
            "The client is unable to read the claims of tokens issued by other providers.",
            "The gateway seldom forwards the header to the origin server for any request.",
            "The gateway hardly ever forwards the cookie to the origin server for any request.",
            "The token, as described in the overview, is signed by the issuer and returned to the client.",
            "Claims such as the issuer, the subject and the audience are carried in the payload of the token.",
            "The request, arriving from the gateway, is parsed by the server before routing.",
            "The client neglects to check the state parameter returned by the authorization server.",
            'The value is called the "state token." The next value is the nonce sent by the client.',
            "The list of values ends here (see below.) Next comes the rest of the list.",
            "The server retries the failed request after a short delay chosen at random.",
        ],
        start=1,
    )
}


@pytest.fixture(scope="module")
def documents(fixtures_dir: Path) -> dict[str, Document]:
    return {
        "own": Document.from_sections(PROTOCOL),
        "steps": Document.from_sections(STEPS),
        "bio": Document.from_sections(BIOMEDICAL),
        "gaps": Document.from_sections(GAPS),
        "7519": parse_file(fixtures_dir / "citation_check" / "rfc7519.txt"),
        "3986": parse_file(fixtures_dir / "rfc" / "rfc3986.txt"),
        "6749": parse_file(fixtures_dir / "rfc" / "rfc6749.txt"),
    }


def _locate(documents: dict[str, Document], doc: str, section: str, quote: str) -> Location:
    return locate(documents[doc], Citation(id="c", claim="x", quote=quote, section=section))


# (document, cited section, quote): found in that section by a non-fuzzy tier, with no flag.
HARMLESS = {
    "hyphen-open": [
        ("own", "1", "A case sensitive comparison of the AES-128 key material"),
        ("7519", "4.1.1", 'The "iss" value is a case sensitive string containing a StringOrURI value.'),
        ("6749", "1", "Third party applications are required to store the resource owner's credentials"),
    ],
    "hyphen-closed": [
        ("own", "1", "A casesensitive comparison of the AES-128 key material"),
        ("7519", "4.1.1", 'The "iss" value is a casesensitive string containing a StringOrURI value.'),
        ("3986", "3.3", "in the nonhierarchical query component (Section 3.4), serves to identify a resource"),
    ],
    "hyphen-other-dash": [
        ("7519", "4.1.1", 'The "iss" value is a case\u2011sensitive string containing a StringOrURI value.'),
    ],
    "digit-token-hyphen": [
        ("own", "1", "comparison of the AES128 key material is performed"),
        ("own", "1", "comparison of the AES 128 key material is performed"),
        ("own", "1", "The scope value is encoded with UTF8 before it is sent"),
        ("bio", "abstract", "Serum IL6 was upregulated after 24 h."),
    ],
    "dash-styles": [
        ("own", "2", "Values range over 10-20 octets in every encoded header - the rest is padding"),
        ("own", "2", "Values range over 10--20 octets in every encoded header -- the rest is padding"),
        ("own", "2", "Values range over 10 \u2013 20 octets in every encoded header\u2014the rest is padding"),
    ],
    "bracketed-reference-as-text": [
        ("own", "1", "Every URI is parsed as defined in RFC 3986 before it is compared."),
        ("own", "1", "Every URI is parsed as defined in RFC3986 before it is compared."),
    ],
    "numbered-items": [
        ("steps", "1", "The client does the following: The client sends the request to the server. The server"),
        ("steps", "1", "to the server. The server answers with a token for the client."),
        ("steps", "1", "to the server. o The server answers with a token for the client."),
        ("steps", "1", "for the client. Nothing else matters here today."),
    ],
    "list-bullets": [
        ("own", "2", "o The first bullet names the inbound request path."),
        ("own", "2", "- The first bullet names the inbound request path."),
        ("own", "2", "The first bullet names the inbound request path. The second bullet names the encrypted"),
        ("own", "2", "The first bullet names the inbound request path. * The second bullet names the encrypted"),
        ("6749", "1", "- Third-party applications are required to store the resource owner's credentials"),
        ("6749", "1", "the security weaknesses inherent in passwords. Third-party applications gain overly broad"),
        ("6749", "1", "the security weaknesses inherent in passwords. * Third-party applications gain overly broad"),
    ],
    "editorial-marks": [
        ("own", "2", '[T]he delimiter character "?" separates the query from the path.'),
        ("own", "2", "The colour [sic] of the widget is chosen by the server at random."),
        ("7519", "4.1.1", '[T]he "iss" (issuer) claim identifies the principal that issued the JWT.'),
        ("7519", "4.1.1", 'The "iss" (issuer) claim identifies the principal that issued the JWT [sic].'),
    ],
    "ie-eg": [
        ("own", "2", "the value is ignored, ie it is never read by the server."),
        ("own", "2", "the value is ignored, i.e. it is never read by the server."),
        ("own", "1", "Clients (e.g. native apps) SHOULD use PKCE for every authorization request."),
        ("own", "1", "Clients (eg native apps) SHOULD use PKCE for every authorization request."),
    ],
    "bracketed-insertion": [
        ("own", "1", "The scope value [that is, the requested access] is encoded with UTF-8 before it is sent"),
        ("7519", "4.1.1", 'The "iss" (issuer) claim identifies the principal that issued the JWT [i.e., the token].'),
    ],
    "greek-letters": [
        ("bio", "abstract", "alpha-catenin expression was increased in the cortex"),
        ("bio", "abstract", "Levels rose to 10\u2076 copies per ml in the beta-cell population."),
        ("bio", "abstract", "Serum IL-6 was upregulated after 24 h. The patients showed hyperglycemia"),
    ],
    "nfkc-compatibility": [
        ("bio", "abstract", "showed hyperglycemia after the 10 \u03bcg dose"),  # Greek mu for the micro sign
    ],
    "reference-markers": [
        ("own", "2", "The token is signed by the issuer and sent to the client."),
        ("own", "2", "The token is signed by the issuer [RFC7519] and sent to the client."),
        ("6749", "1", "This specification is designed for use with HTTP."),
        ("6749", "3.2", "The token endpoint is used by the client to obtain an access token [RFC6749]."),
        ("own", "2", "The token is signed by the issuer [RFC 7519] and sent to the client."),
        ("own", "1", "The scope value is encoded with UTF-8 [JWS] before it is sent over the wire."),
        ("own", "1", "The scope value is encoded with UTF-8 [12] before it is sent over the wire."),
        ("own", "1", "The scope value is encoded with UTF-8 [JWS JWE] before it is sent over the wire."),
    ],
    "wrapped-in-quote-marks": [
        (
            "6749",
            "3.2",
            '"The token endpoint is used by the client to obtain an access token by presenting its authorization '
            'grant or refresh token..."',
        ),
        ("6749", "3.2", "\u201cThe token endpoint is used by the client to obtain an access token\u201d"),
    ],
    "section-suffix-and-rfc-prefix": [
        ("7519", "4.1.1", 'The "iss" (issuer) claim identifies the principal that issued the JWT (Section 4.1.1)'),
        ("7519", "4.1.1", 'RFC 7519: The "iss" (issuer) claim identifies the principal that issued the JWT.'),
    ],
    "bullet-characters": [
        ("own", "2", "\u2022 The first bullet names the inbound request path. \u2022 The second bullet names"),
    ],
    "section-prefix": [
        ("own", "2", 'Section 2: The delimiter character "?" separates the query from the path.'),
        ("own", "2", 'RFC 3986, Section 2: The delimiter character "?" separates the query from the path.'),
        ("6749", "1", "RFC 6749, Section 1.1: This specification is designed for use with HTTP ([RFC2616])."),
    ],
    "ellipsis-over-an-aside-or-examples": [
        ("gaps", "10", "The token ... is signed by the issuer and returned to the client."),
        ("gaps", "11", "Claims ... are carried in the payload of the token."),
        ("gaps", "12", "The request ... is parsed by the server before routing."),
        # A reference's number, and an aside of examples that is a clause (probe19, 2026-12-06).
        (
            "3986",
            "4.4",
            "When a URI reference refers to a URI that is, aside from its fragment component (if any), identical "
            'to the base URI ..., that reference is called a "same-document" reference.',
        ),
        (
            "3986",
            "3.1",
            "An implementation should accept uppercase letters as equivalent to lowercase in scheme names ... "
            "for the sake of robustness",
        ),
    ],
    "sentence-end-before-a-closing-mark": [
        ("gaps", "14", 'The value is called the "state token."'),
        ("gaps", "14", "The value is called the state token."),
        ("gaps", "15", "The list of values ends here (see below.)"),
    ],
    "quoted-delimiter-without-quotes": [
        ("3986", "3.3", "The path is terminated by the first question mark (?) or number sign (#) character"),
    ],
    # A space before an aside of punctuation only, glued or not, is a typing habit ('slash ("/")').
    "space-before-a-punctuation-aside": [
        ("3986", "3", 'When authority is present, the path must either be empty or begin with a slash("/") character.'),
        ("3986", "3.3", "The path is terminated by the first question mark(?) or number sign (#) character"),
    ],
    # Private-use glyphs of a PDF's Symbol font for brackets (U+F028 is its "("), next to a quote mark.
    "symbol-font-brackets": [
        (
            "7519",
            "2",
            'The terms "JSON Web Signature \uf028JWS\uf029", "Base64url Encoding", "Header Parameter", "JOSE Header", '
            '"JWS Compact Serialization", "JWS Payload", "JWS Signature", and "Unsecured JWS" are defined by the JWS '
            "specification [JWS].",
        ),
    ],
}

# (document, cited section, quote, flag): found in that section, for review, with that flag.
FOR_REVIEW = {
    "dropped-parenthetical": [
        ("own", "2", "The session is closed after one hour.", "omitted_text"),
        (
            "6749",
            "4.1.3",
            "If the client type is confidential or the client was issued client credentials, the client MUST "
            "authenticate with the authorization server",
            "omitted_text",
        ),
        (
            "6749",
            "5.2",
            "responds with an HTTP 400 (Bad Request) status code and includes the following",
            "omitted_text",
        ),
    ],
    "dropped-punctuation-aside": [
        (
            "7519",
            "7.2",
            "Let the Encoded JOSE Header be the portion of the JWT before the first period character.",
            "omitted_text",
        ),
    ],
    # The aside ends with the quote's word before it ("protocol (... the TELNET protocol), these").
    "dropped-aside-ending-with-the-word-before-it": [
        (
            "3986",
            "7.2",
            "When a URI contains percent-encoded octets that match the delimiters for a given resolution or "
            "dereference protocol, these percent-encodings must not be decoded before transmission across that "
            "protocol.",
            "omitted_text",
        ),
    ],
    "period-where-the-sentence-goes-on-with-an-exception": [
        ("6749", "3.2", "The token endpoint is used with every authorization grant.", "omitted_text"),
    ],
    "period-where-the-sentence-goes-on-with-an-aside-or-qualifier": [
        # A hedge after a comma limits what the quote says ("mostly in older animals").
        ("bio", "abstract", "The effect was seen in treated mice.", "omitted_text"),
    ],
    "cut-next-to-a-negation": [
        ("6749", "3.1", "The endpoint URI MUST", "omitted_text"),  # of "MUST NOT": short, so ambiguous too
        ("6749", "3.1", "include a fragment component.", "omitted_text"),
        ("bio", "abstract", "activate the receptor in resting T cells", "omitted_text"),
    ],
    "dropped-governed-reference": [
        ("own", "1", "Every URI is parsed as defined in before it is compared.", "omitted_text"),
    ],
    "bracketed-limit": [
        ("own", "1", "The client MUST use TLS [only] for every request.", "substituted_words"),
        ("own", "1", "The field is normative for every receiver of the message [ONLY IF SIGNED].", "substituted_words"),
    ],
    "pronoun-stand-in": [
        ("own", "2", "[The token] MUST be rejected when the signature does not validate.", "substituted_words"),
    ],
    "spelling-variant": [
        ("own", "2", "The color of the widget is chosen by the server at random.", "fuzzy"),
    ],
    "number-format": [
        ("own", "2", "The cache keeps entries for 3600 seconds before it expires them.", "fuzzy"),
    ],
    # "10⁶" as a browser copies it: the digits on the line, which read as another number.
    "superscript-written-on-the-line": [
        ("bio", "abstract", "Levels rose to 106 copies per ml in the beta-cell population.", "variant_form"),
    ],
    "ellipsis-over-a-negating-verb-as-an-adjective": [
        ("gaps", "16", "The server retries ... request after a short delay chosen at random.", "ellipsis_gap"),
    ],
    "ellipsis-over-parenthetical-with-not": [
        ("own", "2", "The session ... is closed after one hour.", "ellipsis_gap"),
    ],
}

# (document, cited section, quote, flag): the quote leaves out what limits it; found only for review.
LIMITED_BY_ELLIPSIS = {
    "condition": [
        ("own", "1", "The client MUST authenticate ... it is a public client.", None),
        ("6749", "5.2", "responds with an HTTP 400 (Bad Request) status code ... and includes the following", None),
    ],
    "second-normative-clause": [
        ("own", "1", "The server SHOULD reject ... the failure for later inspection.", None),
        ("own", "1", "The server SHOULD reject the token ... for later inspection.", None),
    ],
    "restrictive-clause": [
        ("own", "1", "Only octets ... are decoded by the normalizer.", None),
    ],
    "leading-ellipsis-cuts-condition": [
        ("own", "1", "... the client MUST use TLS for every request.", None),
        ("6749", "4.1.3", "... the client MUST authenticate with the authorization server as described in", None),
    ],
    "trailing-ellipsis-cuts-condition": [
        ("own", "1", "The client MUST authenticate with the authorization server ...", None),
        ("6749", "3.2", "The token endpoint is used with every authorization grant ...", None),
    ],
    "limiting-adverb-or-quantifier": [
        ("gaps", "2", "The resource server ... validates the issuer claim in tokens issued by other providers.", None),
        ("gaps", "3", "The key is ... 255 octets long in the serialized header of every message.", None),
        ("gaps", "4", "The key is sent ... three times to the resource server in every session.", None),
        ("gaps", "8", "The gateway ... forwards the header to the origin server for any request.", None),
        ("gaps", "9", "The gateway ... forwards the cookie to the origin server for any request.", None),
    ],
    "restrictive-participle": [
        ("gaps", "5", "Treatment reduced mortality in patients ... compared with placebo over two years.", None),
    ],
    "condition-in-quotes": [
        ("6749", "1.3.2", '"... the authorization server does not authenticate the client."', None),
        ("6749", "1", "The use of OAuth over any protocol ... is out of scope.", None),
    ],
}

# (document, cited section, quote, word): missing, with a meaning-changing difference naming ``word``.
HARMFUL = {
    "negative-exponent": [
        ("own", "2", "The threshold is 10^6 for every encoded value in the stream.", "10^"),
        ("own", "2", "The threshold is 10^+6 for every encoded value in the stream.", "10^"),
    ],
    "uri-trailing-delimiter": [
        ("own", "2", "The base URI is http://example.com for every relative reference here.", "com"),
        ("own", "2", "The base URI is http://example.com", "com"),
        ("3986", "6.2.3", 'For example, the URI "http://example.com?" cannot be assumed to be equivalent', "com"),
        ("3986", "6.2.3", 'For example, the URI "http://example.com/" cannot be assumed to be equivalent', "com"),
    ],
    "quoted-delimiter": [
        ("own", "2", 'The delimiter character "#" separates the query from the path.', "#"),
        (
            "3986",
            "3",
            'When authority is present, the path must either be empty or begin with a slash("?") character.',
            "?",
        ),
        (
            "7519",
            "7.2",
            "Let the Encoded JOSE Header be the portion of the JWT before the first period (',') character.",
            ",",
        ),
        ("3986", "3.3", 'The path is terminated by the first question mark ("#") or number sign ("?")', "#"),
    ],
    "address-colons": [
        ("own", "2", "The loopback address 2001:db8:1 is used for every local test here.", "db8"),
        ("3986", "1.1.2", "ldap://[2001:db8:7]/c=GB?objectClass?one", "db8"),
    ],
    "antonyms": [
        ("own", "2", "The last bullet names the inbound request path.", "last"),
        ("own", "2", "The first bullet names the outbound request path.", "outbound"),
        ("own", "2", "The second bullet names the decrypted session key.", "decrypted"),
        ("3986", "3.3", 'The path is terminated by the last question mark ("?") or number sign ("#")', "last"),
    ],
    "role-or-method-swap": [
        ("own", "1", "The server MUST authenticate with the authorization server unless it is", "server"),
        ("own", "1", "The client MUST authenticate with the resource server unless it is a public", "resource"),
    ],
    "prefix-negation": [
        ("own", "1", "The channel is insecure for every request made by the client.", "insecure"),
        ("own", "1", "The field is non-normative for every receiver of the message.", "non"),
        ("own", "1", "The field is nonnormative for every receiver of the message.", "nonnormative"),
    ],
    "biomedical-opposites": [
        ("bio", "abstract", "alpha-catenin expression was decreased in the cortex", "decreased"),
        ("bio", "abstract", "the drug inhibits STAT3 signalling in hepatocytes.", "inhibits"),
        ("bio", "abstract", "Serum IL-6 was downregulated after 24 h.", "downregulated"),
        ("bio", "abstract", "The patients showed hypoglycemia after the 10 \u00b5g dose.", "hypoglycemia"),
    ],
    "negation-outside-window": [
        ("bio", "abstract", "The inhibitor activated the receptor in resting T cells.", "didn't"),
        ("bio", "abstract", "inhibitor activated the receptor in resting T cells", "didn't"),
    ],
    "superscript-value": [
        ("bio", "abstract", "Levels rose to 107 copies per ml in the beta-cell population.", "107"),
    ],
    "bracketed-negation-or-keyword": [
        ("own", "1", "The client MUST [NOT] use TLS for every request.", "NOT"),
        ("own", "1", "The client MUST [not] use TLS for every request.", "not"),
        ("own", "1", "The server SHOULD [NEVER] reject the token and MAY log the failure", "NEVER"),
        ("own", "1", "The field is normative for every receiver of the message [MUST NOT].", "MUST NOT"),
        ("own", "1", "The field is [NOT] normative for every receiver of the message.", "NOT"),
        ("bio", "abstract", "Serum IL-6 was [not] upregulated after 24 h.", "not"),
        ("bio", "abstract", "Serum IL-6 [did not] upregulate after 24 h.", "not"),
    ],
    "ellipsis-over-a-negating-verb": [
        ("gaps", "1", "The resource server ... validate the audience claim in tokens issued by third party", "fails"),
        ("gaps", "6", "The client ... send the token to servers outside the trusted domain.", "refuses"),
        ("gaps", "7", "The client ... read the claims of tokens issued by other providers.", "unable"),
        ("gaps", "13", "The client ... check the state parameter returned by the authorization server.", "neglects"),
    ],
    "changed-literal": [
        ("7519", "4.1.1", 'The "nbf" (issuer) claim identifies the principal that issued the JWT.', "nbf"),
        (
            "3986",
            "5.2.4",
            "Some applications may find it more efficient to implement the remove_dot_segment algorithm by "
            "using two segment stacks",
            "segment",
        ),
    ],
    "dropped-contraction": [
        ("6749", "1", "Resource owners can revoke access to an individual third party without revoking", "can"),
    ],
}


def _cases(table: dict[str, list[tuple[str, ...]]]) -> list[object]:
    return [pytest.param(*case, id=f"{kind}-{n}") for kind, cases in table.items() for n, case in enumerate(cases)]


@pytest.mark.parametrize(("doc", "section", "quote"), _cases(HARMLESS))
def test_harmless_kinds_are_found_by_a_non_fuzzy_tier(
    documents: dict[str, Document], doc: str, section: str, quote: str
) -> None:
    location = _locate(documents, doc, section, quote)
    assert (location.status, location.section) == ("found", section), location.reason
    assert location.match is not None and location.match.tier != "fuzzy", location.reason
    # A quote that starts or stops inside its sentence is for review whatever its kind (the
    # inverted default), and one that stops there with a stop says its sentence ends where the
    # source's goes on; those flags aside, a harmless kind adds none.
    assert set(location.flags) <= {"partial_sentence", "omitted_text"}, location.reason


@pytest.mark.parametrize(("doc", "section", "quote", "flag"), _cases(FOR_REVIEW))
def test_kinds_for_review_are_found_with_their_flag(
    documents: dict[str, Document], doc: str, section: str, quote: str, flag: str
) -> None:
    location = _locate(documents, doc, section, quote)
    assert location.status in ("found", "ambiguous"), location.reason
    assert location.match is not None and location.match.section == section, location.reason
    assert flag in location.flags, location.reason
    assert location.needs_review


@pytest.mark.parametrize(("doc", "section", "quote", "unused"), _cases(LIMITED_BY_ELLIPSIS))
def test_an_ellipsis_that_leaves_out_a_limit_is_never_a_plain_match(
    documents: dict[str, Document], doc: str, section: str, quote: str, unused: None
) -> None:
    location = _locate(documents, doc, section, quote)
    assert location.status == "missing" or "ellipsis_gap" in location.flags, location.reason
    judge = StaticJudge({"x": ("supports", 0.99)})
    result = check_citation(documents[doc], Citation(id="c", claim="x", quote=quote, section=section), judge=judge)
    assert not result.auto or result.verdict.value == "fabricated"


@pytest.mark.parametrize(("doc", "section", "quote", "word"), _cases(HARMFUL))
def test_harmful_kinds_are_missing_with_the_difference_that_rules_them_out(
    documents: dict[str, Document], doc: str, section: str, quote: str, word: str
) -> None:
    location = _locate(documents, doc, section, quote)
    assert location.status == "missing", location.reason
    assert location.closest is not None
    meaningful = [d for d in location.closest.differences if d.changes_meaning]
    assert any(word.lower() in (d.quote + " " + d.source).lower() for d in meaningful), location.closest.differences


# The source cites another number in the same place: a changed reference, never a marker set aside
# (issue 23: the loose tier read [RFC3988] as an answer's own marker over the source's [RFC3986]).
CHANGED_REFERENCES = [
    ("own", "2", "The token is signed by the issuer [RFC7518] and sent to the client."),
    ("own", "1", "Every URI is parsed as defined in [RFC3988] before it is compared."),
    ("7519", "2", 'any value containing a ":" character MUST be a URI [RFC3988].'),
    ("6749", "1", "This specification is designed for use with HTTP ([RFC2611])."),
]


@pytest.mark.parametrize(("doc", "section", "quote"), CHANGED_REFERENCES)
def test_a_changed_reference_number_is_never_a_plain_match(
    documents: dict[str, Document], doc: str, section: str, quote: str
) -> None:
    location = _locate(documents, doc, section, quote)
    assert location.status != "found" or location.flags, location.reason
    assert location.match is None or location.match.tier != "loose", location.reason


# A list item numbered otherwise (step 2 quoted for the source's step 1) may be a step swapped or a
# list renumbered by the answer: no rule proves which, so it goes to review, never `missing` (issue 23).
RENUMBERED = [
    ("steps", "1", "The client does the following: 2. The client sends the request to the server."),
    (
        "7519",
        "7.1",
        "The order of the steps is not significant in cases where there are no dependencies between the inputs "
        "and outputs of the steps. 2. Create a JWT Claims Set containing the desired claims.",
    ),
]


@pytest.mark.parametrize(("doc", "section", "quote"), RENUMBERED)
def test_a_renumbered_list_item_goes_to_review_naming_it(
    documents: dict[str, Document], doc: str, section: str, quote: str
) -> None:
    location = _locate(documents, doc, section, quote)
    assert location.status == "found", location.reason
    assert "variant_form" in location.flags
    assert "'2' for the source's '1': a list item numbered otherwise" in location.reason


# A PDF's text layer breaks a word at a line end with a hyphen ("com-\npletely"); the index splits
# it in two. Quoted whole beside another difference (a word swapped), it is a variant, not two more
# words changed: the quote goes to review, never `missing` for "more than a slip" (issue 23).
HYPHENATED_SOURCE = (
    "While evasive responses are com-\npletely harmless, for safety purposes it is also important for models "
    "to be transparent about their thought process and decision-making, and for practical purposes we expect "
    "non-evasive responses to be more compatible with helpfulness."
)


_SWAPPED_QUOTE = (
    "While evasive responses are completely harmless, for safety purposes it is additionally important "
    "for models to be transparent about their thought process and decision-making"
)
_SWAPPED_NUMBER = _SWAPPED_QUOTE.replace("completely harmless", "harmless 1020 times")


@pytest.mark.parametrize(
    ("source", "quote", "status", "named"),
    [
        (
            HYPHENATED_SOURCE,
            _SWAPPED_QUOTE,
            "found",
            "'completely' for the source's 'com-pletely': a word hyphenated on one side",
        ),
        # Without a hyphen between them, two words are not one ("not able" is no "notable").
        (HYPHENATED_SOURCE.replace("com-\n", "com "), _SWAPPED_QUOTE, "missing", "differs in 3 words"),
        # Numbers joined are another number: "1020" is no "10-20".
        (
            HYPHENATED_SOURCE.replace("com-\npletely harmless", "harmless 10-20 times"),
            _SWAPPED_NUMBER,
            "missing",
            "differs in 3 words",
        ),
    ],
    ids=["hyphenated", "spaced", "number"],
)
def test_a_word_the_source_hyphenates_at_a_line_end_is_a_variant(
    source: str, quote: str, status: str, named: str
) -> None:
    location = locate({"4.4": source}, Citation(id="c", claim="x", quote=quote, section="4.4"))
    assert location.status == status, location.reason
    assert named in location.reason
    if status == "found":
        assert {"fuzzy", "variant_form"} <= set(location.flags)


@pytest.mark.parametrize(
    ("quote", "status"),
    [
        # Fragments around an ellipsis read the word whole, as a reader does: the gap is then judged.
        ("While evasive responses are completely harmless, [...] for models to be transparent", "found"),
        ("evasive responses are completely harmless, for safety purposes it is ... thought process", "found"),
        # Not a word the source has apart with a space between ("not able" is no "notable").
        ("While evasive responses are completely harmless, ... to be opaque", "missing"),
    ],
)
def test_an_ellipsis_quote_reads_a_word_the_source_hyphenates_at_a_line_end(quote: str, status: str) -> None:
    location = locate({"4.4": HYPHENATED_SOURCE}, Citation(id="c", claim="x", quote=quote, section="4.4"))
    assert location.status == status, location.reason
    spaced = locate(
        {"4.4": HYPHENATED_SOURCE.replace("com-\n", "com ")}, Citation(id="c", claim="x", quote=quote, section="4.4")
    )
    assert spaced.status == "missing", spaced.reason


_MAIL = "Send the report by e-mail to the security team, and keep a copy of the message for the audit log."


@pytest.mark.parametrize(
    ("source", "quote", "status"),
    [
        # A compound the source hyphenates within a line, written closed, as the loose tier reads it.
        (_MAIL, "Send the report by email ... and keep a copy of the message for the audit log.", "found"),
        (_MAIL.replace("e-mail", "self-signed mail"), "the report by selfsigned mail ... for the audit log.", "found"),
        # Words a space parts are two ("not able" is no "notable"), whatever their length.
        (_MAIL.replace("e-mail", "e mail"), "Send the report by email ... and keep a copy of the message", "missing"),
    ],
    ids=["e-mail", "self-signed", "spaced"],
)
def test_an_ellipsis_quote_reads_a_compound_written_closed(source: str, quote: str, status: str) -> None:
    location = locate({"1": source}, Citation(id="c", claim="x", quote=quote, section="1"))
    assert location.status == status, location.reason


@pytest.mark.parametrize(
    "source",
    [
        "We serve 400-500 million households across the region every year, and the numbers keep growing.",
        "We serve 400-\n500 million households across the region every year, and the numbers keep growing.",
    ],
    ids=["within-a-line", "at-a-line-end"],
)
def test_an_ellipsis_quote_never_joins_numbers_a_hyphen_parts(source: str) -> None:
    quote = "We serve 400500 million households ... every year"
    location = locate({"1": source}, Citation(id="c", claim="x", quote=quote, section="1"))
    assert location.status == "missing", location.reason


def test_an_ellipsis_over_a_negation_outside_an_aside_is_missing(documents: dict[str, Document]) -> None:
    location = _locate(documents, "6749", "1", "Resource owners ... revoke access to an individual third party")
    assert location.status == "missing"
    assert "could invert it" in location.reason


def test_a_fuzzy_match_says_when_a_swapped_word_is_an_opposite(documents: dict[str, Document]) -> None:
    # An inflection alone stays a fuzzy match for review, and says the meaning is unchanged...
    location = _locate(documents, "bio", "abstract", "the drug activated STAT3 signalling in hepatocytes")
    assert location.status == "found" and location.flags == ("fuzzy",)
    assert location.match is not None
    assert [(d.quote, d.source, d.changes_meaning) for d in location.match.differences] == [
        ("activated", "activates", False)
    ]
    # ...while its opposite is ruled out, saying it changes the meaning.
    location = _locate(documents, "bio", "abstract", "the drug inhibited STAT3 signalling in hepatocytes")
    assert location.status == "missing"
    assert location.closest is not None and any(d.changes_meaning for d in location.closest.differences)


def test_a_comma_between_digits_is_still_content() -> None:
    # The full-width comma reads as ", "; an ASCII one glued to digits stays a digit group.
    location = locate(
        {"1": "The cache keeps entries for 3,600 seconds before it expires them."},
        Citation(id="c", claim="x", quote="The cache keeps entries for 3, 600 seconds", section="1"),
    )
    assert location.status != "found" or location.flags, location.reason


_NEXT_SENTENCE = (
    "Other types do not implement it. Nós podemos especificar múltiplos limites de traits em um tipo "
    "genérico usando o sinal de mais. Comme les variables sont immuables par défaut, les références le "
    "sont aussi. Nous ne sommes pas autorisés à la modifier."
)


@pytest.mark.parametrize(
    ("quote", "status", "named"),
    [
        # Accents dropped: the negation ending the sentence before is not taken into the closest text.
        (
            "Nos podemos especificar multiplos limites de traits em um tipo generico usando o sinal de mais.",
            "found",
            "'Nos' for the source's 'Nós': an accent dropped or added",
        ),
        # The last word paraphrased: a swap to review, not words run past the source's text.
        (
            "Comme les variables sont immuables par défaut, les références le sont également.",
            "found",
            "changed 'également' (source: 'aussi'): a word swapped for another",
        ),
        # An opposite in its place is ruled out, and so is a word run past the sentence's end.
        (
            "Comme les variables sont immuables par défaut, les références le sont jamais.",
            "missing",
            "changed 'jamais' (source: 'aussi')",
        ),
        (
            "Les variables sont immuables par défaut, les références le sont aussi pourtant.",
            "missing",
            "",
        ),
    ],
)
def test_a_word_at_the_edge_of_the_closest_text_is_read_in_its_sentence(quote: str, status: str, named: str) -> None:
    location = locate({"1": _NEXT_SENTENCE}, Citation(id="c", claim="x", quote=quote, section="1"))
    assert location.status == status, location.reason
    assert named in location.reason
    if status == "found":
        assert "fuzzy" in location.flags  # for review, always


_CITING = "The server MUST support the use of the HTTP GET method [RFC2616] for the authorization endpoint."
_RESPELT = "The server {} support the use of the HTTP GET method [{}] for the authorisation endpoint."


@pytest.mark.parametrize(
    ("quote", "status"),
    [
        # A respelling sends the quote to the fuzzy tier, which reads it without its reference
        # markers: the source's own [RFC2616] at the same place is then no word left out.
        (_RESPELT.format("MUST", "RFC2616"), "found"),
        # Another reference in its place is a changed word, and so is a negation added.
        (_RESPELT.format("MUST", "RFC2617"), "missing"),
        (_RESPELT.format("MUST NOT", "RFC2616"), "missing"),
    ],
)
def test_a_fuzzy_quote_citing_what_its_source_cites_keeps_the_reference(quote: str, status: str) -> None:
    location = locate({"1": _CITING}, Citation(id="c", claim="x", quote=quote, section="1"))
    assert location.status == status, location.reason
    if status == "found":
        assert "fuzzy" in location.flags and "a spelling variant" in location.reason


_FOOTNOTED = "The server MUST reject a token whose signature does not validate. It logs the reason."


@pytest.mark.parametrize(
    ("source", "quote", "status", "flags"),
    [
        # The answer's own footnote or reference marker after the quote: set aside, at the end of a
        # section too, one or a run of them, in brackets or as superscript digits.
        (_FOOTNOTED, "It logs the reason.[1]", "found", ()),
        (_FOOTNOTED, "It logs the reason.[2][3]", "found", ()),
        (_FOOTNOTED, "It logs the reason.\u00b9", "found", ()),
        (_FOOTNOTED, "It logs the reason.\u00b2\u00b3", "found", ()),
        (_FOOTNOTED, "[4] The server MUST reject a token whose signature does not validate.", "found", ()),
        # A marker before the source's next sentence is no pronoun stood in for.
        (_FOOTNOTED, "The server MUST reject a token whose signature does not validate.[1]", "found", ()),
        (_FOOTNOTED, "The server MUST reject a token whose signature does not validate.\u00b9", "found", ()),
        # A superscript after a letter is an exponent, the quote's own words: a changed one is missing.
        ("The energy is E = mc\u00b2 at rest.", "The energy is E = mc\u00b3 at rest.", "missing", ()),
        # Where the source has a marker of its own, the answer's own footnote number after the stop is
        # set aside as "[5]" typed is: the quote's words are the source's.
        ("Tokens expire after one hour.[4] Keys rotate daily.", "Tokens expire after one hour.\u2075", "found", ()),
        # "\u00bd" folds (NFKC) to 1, the fraction slash, 2: the slash typed for it.
        ("The window is 1/2 of the period.", "The window is \u00bd of the period.", "found", ()),
        # German umlauts and French ligatures written out in ASCII: a variant, for review.
        (
            "Die Datei muss vor dem Öffnen gründlich geprüft werden, sagt der Bericht.",
            "Die Datei muss vor dem Oeffnen gruendlich geprueft werden, sagt der Bericht.",
            "found",
            ("fuzzy", "variant_form"),
        ),
        (
            "Le cœur du système gère chaque requête reçue par le serveur principal.",
            "Le coeur du système gère chaque requête reçue par le serveur principal.",
            "found",
            ("fuzzy", "variant_form"),
        ),
    ],
)
def test_what_an_answer_or_a_keyboard_adds_to_a_quote(
    source: str, quote: str, status: str, flags: tuple[str, ...]
) -> None:
    location = locate({"1": source}, Citation(id="c", claim="x", quote=quote, section="1"))
    assert (location.status, location.flags) == (status, flags), location.reason


# (source, quote, status): one word swapped for another. A paraphrase (a synonym of an opposite pair's
# word, a first word a short word kept out of the most similar run, a Chinese "very" whose first
# character is a negation's) is for review; an opposite, an obligation for a permission, a negation
# added stays missing.
_BEGIN = "We begin with a helpful model and then refine it over many rounds of feedback."
_ALLOWS = "Intro. The server allows clients to send the token in the query string of every request. Next."
_PERMITTED = "Intro. Tokens are permitted in the query string of every request. Next."
_VERY = "这是引言。这在编程语言中是非常通用的。下一句。"
_FIRST = "The first request MUST include the client identifier and the redirection URI."
ONE_WORD_SWAPS = {
    "first-word-swapped": (_BEGIN, _BEGIN.replace("begin", "start"), "found"),
    "synonym-of-an-opposite": (
        _ALLOWS,
        "The server permits clients to send the token in the query string of every request.",
        "found",
    ),
    "synonym-of-a-polar-word": (_PERMITTED, "Tokens are allowed in the query string of every request.", "found"),
    "chinese-very": (_VERY, "这在编程语言中是十分通用的。", "found"),
    "opposite": (
        _ALLOWS,
        "The server denies clients to send the token in the query string of every request.",
        "missing",
    ),
    "opposite-polar": (_PERMITTED, "Tokens are forbidden in the query string of every request.", "missing"),
    "obligation-for-permission": (
        _ALLOWS,
        "The server requires clients to send the token in the query string of every request.",
        "missing",
    ),
    "obligation-for-permission-polar": (
        _PERMITTED,
        "Tokens are required in the query string of every request.",
        "missing",
    ),
    "chinese-negation-for-very": (_VERY, "这在编程语言中是不通用的。", "missing"),
    # An ordinal is a number word: swapped for its own adjective it is a paraphrase, for another a new order.
    "ordinal-as-adjective": (_FIRST, _FIRST.replace("first", "initial"), "found"),
    "adjective-as-ordinal": (_FIRST.replace("first", "initial"), _FIRST, "found"),
    "ordinal-for-another": (_FIRST.replace("first", "initial"), _FIRST.replace("first", "second"), "missing"),
    "ordinal-for-its-opposite": (_FIRST, _FIRST.replace("first", "final"), "missing"),
    "keyword-for-its-alternative": (
        "This member is REQUIRED for every token the issuer creates in the flow.",
        "This member is mandatory for every token the issuer creates in the flow.",
        "missing",
    ),
    "first-word-opposite": (_BEGIN, _BEGIN.replace("begin", "end"), "missing"),
    # A negation ending the block before the quote's paragraph (a code block) governs none of its words;
    # one just before the quote in its own sentence does.
    "negation-in-the-block-before": (
        'Intro.\n\n    panic("did not converge", x)\n\nThis is only an example but library code should avoid panic.',
        "This is only an instance but library code should avoid panic.",
        "found",
    ),
    "negation-in-the-heading-before": (
        "Intro.\n\nWhy not converge\n\nThis is only an example but library code should avoid panic.",
        "This is only an instance but library code should avoid panic.",
        "found",
    ),
    "negation-in-the-sentence": (
        "Intro. It does not say this is only an example but library code should avoid panic.",
        "this is only an instance but library code should avoid panic.",
        "missing",
    ),
}


# (source, quote, status): a word in quotation marks spelt another way is the same defined term, for
# review; in code or a URI it names another thing.
SPELT_LITERALS = {
    "quoted-term": ('"License" shall mean the terms.', '"Licence" shall mean the terms.', "found"),
    "code": (
        "Intro. The field `color` of the widget is chosen at random. Next.",
        "The field `colour` of the widget is chosen at random.",
        "missing",
    ),
    "uri": (
        "Intro. See http://example.com/color for the widget chosen at random. Next.",
        "See http://example.com/colour for the widget chosen at random.",
        "missing",
    ),
}


@pytest.mark.parametrize(
    ("source", "quote", "status", "flag"),
    [
        *((*row, "fuzzy") for row in ONE_WORD_SWAPS.values()),
        *((*row, "variant_form") for row in SPELT_LITERALS.values()),
    ],
    ids=[*ONE_WORD_SWAPS, *(f"spelt-{name}" for name in SPELT_LITERALS)],
)
def test_a_one_word_paraphrase_or_respelling_is_for_review_and_a_changed_meaning_missing(
    source: str, quote: str, status: str, flag: str
) -> None:
    location = locate(Document.from_sections({"1": source}), Citation(id="c", claim="x", quote=quote, section=None))
    assert location.status == status, location.reason
    if status == "found":
        assert flag in location.flags, location.reason
