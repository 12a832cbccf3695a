import unicodedata

import pytest

from citecheck import Citation, Document
from citecheck.matcher import FUZZY_THRESHOLD, MIN_QUOTE_WORDS, find_quote, locate, match_options, normalize

SOURCE = {
    "1": (
        "1.  Introduction\n\n"
        "   A receiver MUST NOT accept a token whose \u201cexp\u201d claim is in the past.  Implementers\n"
        "   MAY provide for some small leeway, usually no more than a few minutes, to\n"
        "   account for clock skew.  The base64url-\n   encoded header is described in Section 4."
    ),
    "2": (
        "2.  Sizes\n\n"
        "   A widget MUST be smaller than 4096 octets and SHOULD be sent within\n"
        "   30 seconds of its creation, as defined in May 2015 by the working group.\n"
        "   Processing of the \ufb01eld is OPTIONAL for receivers \u2014 they may ignore it."
    ),
    "3": '3.  Repeats\n\n   A receiver MUST NOT accept a token whose "exp" claim is in the past.',
}


@pytest.fixture
def doc() -> Document:
    return Document.from_sections(SOURCE)


def where(
    doc: Document, quote: str, section: str | None = "1", *, strict: bool = False
) -> tuple[str, str | None, str | None]:
    options = match_options("cookbook") if strict else None
    location = locate(doc, Citation(id="c", claim="x", quote=quote, section=section), options=options)
    return location.status, location.section, location.match.tier if location.match else None


@pytest.mark.parametrize(
    ("quote", "section", "tier"),
    [
        ("Implementers\n   MAY provide for some small leeway", "1", "exact"),
        ("Implementers MAY provide for some small leeway, usually no more than a few minutes", "1", "normalized"),
        ('A receiver MUST NOT accept a token whose "exp" claim', "1", "normalized"),  # straight for curly quotes
        ("Processing of the field is OPTIONAL for receivers - they may ignore it.", "2", "normalized"),  # NFKC, dash
        ("Processing of the \ufb01eld is OPTIONAL for receivers \u2013 they may ignore it.", "2", "normalized"),
        ("The base64url-encoded header is described in Section 4.", "1", "normalized"),  # hyphen at a line end
        ("smaller than\u00a04096 octets and SHOULD be sent wi\u00adthin", "2", "normalized"),  # nbsp, soft hyphen
        ("A widget MUST be smaller\u200b than 4096 octets", "2", "normalized"),  # zero-width space
        ("Implementers MAY provide for some small leeway ... to account for clock skew.", "1", "ellipsis"),
        ("A widget MUST be smaller [...] within 30 seconds of its creation", "2", "ellipsis"),
        ("Implementers MAY provide\u2026for clock skew", "1", "ellipsis"),
        ("Implementers MAY provide . . . for clock skew", "1", "ellipsis"),
        ("implementers may provide for some small leeway, usually no more than a few minutes", "1", "loose"),
        ("Implementers **MAY** provide for some small leeway", "1", "loose"),  # markdown emphasis
        ("The base64urlencoded header is described in Section 4", "1", "loose"),  # dropped final period, hyphen
        (
            "Implementers MAY provide for some little leeway, usually no more than a few minutes, to account",
            "1",
            "fuzzy",
        ),
    ],
)
def test_harmless_variants_are_found_at_their_tier(doc: Document, quote: str, section: str, tier: str) -> None:
    assert where(doc, quote, section) == ("found", section, tier)


@pytest.mark.parametrize(
    ("quote", "changed"),
    [
        ("Implementers SHOULD provide for some small leeway, usually no more than a few minutes", "SHOULD"),
        ("Implementers MUST provide for some small leeway, usually no more than a few minutes", "MUST"),
        ("A widget MUST be smaller than 8192 octets and SHOULD be sent within", "8192"),
        ("SHOULD be sent within 30 minutes of its creation, as defined in", "minutes"),
        ("as defined in June 2015 by the working group", "June"),
        ("A receiver MUST accept a token whose exp claim is in the past", "NOT"),  # NOT dropped
        ("Implementers MAY not provide for some small leeway, usually no more than a few minutes", "not"),  # added
        ("A receiver MUST ... accept a token whose exp claim is in the past.", "NOT"),  # an ellipsis drops NOT
    ],
)
def test_meaning_changing_edits_are_missing_with_the_closest_text(doc: Document, quote: str, changed: str) -> None:
    location = locate(doc, Citation(id="c", claim="x", quote=quote, section="1"))
    assert location.status == "missing"
    assert location.closest is not None
    meaningful = [d for d in location.closest.differences if d.changes_meaning]
    assert meaningful, location.closest.differences
    assert any(changed.lower() in (d.quote + " " + d.source).lower() for d in meaningful)
    assert location.closest.source_text in doc.text


def test_spliced_sentences_are_missing(doc: Document) -> None:
    quote = "A widget MUST be smaller than 4096 octets and to account for clock skew in every receiver"
    assert where(doc, quote)[0] == "missing"


def test_a_fuzzy_match_is_never_auto_and_shows_its_differences(doc: Document) -> None:
    quote = "Implementers MAY provide for some little leeway, usually no more than a few minutes, to account"
    location = locate(doc, Citation(id="c", claim="x", quote=quote, section="1"))
    assert location.needs_review
    assert location.match is not None
    assert FUZZY_THRESHOLD <= location.match.score < 100
    # An adjective swapped for another may change the meaning (issue 26): for review, named in the reason.
    assert [(d.kind, d.quote, d.source, d.changes_meaning) for d in location.match.differences] == [
        ("changed", "little", "small", True)
    ]
    assert "changed 'little' (source: 'small')" in location.reason


def test_strict_mode_accepts_only_the_cookbook_match(doc: Document) -> None:
    assert where(doc, "Implementers\n   MAY provide for some small leeway", strict=True) == ("found", "1", "exact")
    assert where(doc, "Implementers MAY provide for some small leeway", strict=True) == ("found", "1", "normalized")
    assert where(doc, "implementers may provide for some small leeway", strict=True)[0] == "missing"
    assert where(doc, "Processing of the field is OPTIONAL for receivers", "2", strict=True)[0] == "missing"


def test_match_keeps_exact_source_text_and_offsets(doc: Document) -> None:
    location = locate(
        doc,
        Citation(id="c", claim="x", quote="small  leeway, usually no more than a few minutes, to account", section="1"),
    )
    match = location.match
    assert match is not None
    assert match.source_text == "small leeway, usually no more than a few minutes, to\n   account"
    assert doc.text[match.start : match.end] == match.source_text
    assert (match.source_start, match.source_end) == (match.start, match.end)  # from_sections: text is the source


def test_quote_in_another_section_says_cited_versus_found(doc: Document) -> None:
    location = locate(
        doc, Citation(id="c", claim="x", quote="smaller than 4096 octets and SHOULD be sent", section="1")
    )
    assert (location.status, location.cited_section, location.section) == ("found", "1", "2")
    assert "cited as section 1, found in section 2" in location.reason


@pytest.mark.parametrize(("cited", "read"), [("1", "1"), ("3", "3"), ("2", "1")])
def test_quote_in_several_sections_prefers_the_cited_one_and_lists_all(doc: Document, cited: str, read: str) -> None:
    location = locate(doc, Citation(id="c", claim="x", quote="MUST NOT accept a token whose", section=cited))
    assert location.section == read
    assert [m.section for m in location.occurrences] == ["1", "3"]
    assert "2 places" in location.reason


@pytest.mark.parametrize("quote", ["MUST NOT", "Repeats"])
def test_a_short_quote_is_ambiguous_and_never_auto(doc: Document, quote: str) -> None:
    location = locate(doc, Citation(id="c", claim="x", quote=quote, section="2"))
    assert location.status == "ambiguous"
    assert location.needs_review
    assert f"fewer than {MIN_QUOTE_WORDS}" in location.reason


def test_a_short_quote_once_in_the_cited_section_is_placed_for_review(doc: Document) -> None:
    location = locate(doc, Citation(id="c", claim="x", quote="the field", section="2"))
    assert (location.status, location.section) == ("found", "2")
    assert "short_quote" in location.flags and location.needs_review
    assert "occurs once in the cited section" in location.reason


def test_a_short_quote_that_is_nowhere_is_missing(doc: Document) -> None:
    assert where(doc, "tokens expire quickly")[0] == "missing"


def test_a_quote_across_two_sections_is_found_and_says_so(doc: Document) -> None:
    quote = "they may ignore it. 3. Repeats A receiver MUST NOT accept"
    location = locate(doc, Citation(id="c", claim="x", quote=quote, section="2"))
    assert location.status == "found"
    assert location.match is not None and location.match.sections == ("2", "3")
    assert "spans sections 2, 3" in location.reason
    assert (
        location.text is not None and location.text.startswith("2.  Sizes") and location.text.endswith("in the past.")
    )


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("a  b\n   c", "a b c"),
        ("\u201cquoted\u201d and \u2018single\u2019", "\"quoted\" and 'single'"),
        ("  trimmed \t", "trimmed"),
        ("", ""),
    ],
)
def test_normalize_is_the_cookbooks(raw: str, expected: str) -> None:
    assert normalize(raw) == expected


@pytest.mark.parametrize(
    ("quote", "section"),
    [
        ("A peer MUST NOT send a widget larger than 4096 octets.", "1"),  # crosses a line wrap
        ('The "widget" name is case sensitive.', "1"),  # straight quotes match curly ones
        ("Sizes of zero are not valid.", "2.1"),
        ("MUST discard it and MAY log the failure for later inspection", "2"),  # crosses the page break
        ("A peer MUST send a widget larger than 4096 octets", None),
        ("Widget sizes are expressed in bytes.", None),
    ],
)
def test_find_quote_on_an_rfc(sample_doc: Document, quote: str, section: str | None) -> None:
    assert find_quote(sample_doc, quote) == section


@pytest.mark.parametrize("quote", ["", "   ", "\n"])
def test_blank_quote_is_never_found(sample_doc: Document, quote: str) -> None:
    assert find_quote(sample_doc, quote) is None


def test_rfc_match_maps_back_to_the_raw_file(sample_doc: Document, sample_text: str) -> None:
    location = locate(sample_doc, Citation(id="c", claim="x", quote="Sizes of zero are not valid.", section="2.1"))
    match = location.match
    assert match is not None
    assert sample_text[match.source_start : match.source_end] == "Sizes of zero are not valid."


@pytest.mark.parametrize("quote", [None, "", "  "])
def test_no_quote_reads_the_cited_section(sample_doc: Document, quote: str | None) -> None:
    location = locate(sample_doc, Citation(id="c", claim="x", quote=quote, section="2.1"))
    assert location.status == "section-only"
    assert location.section == "2.1"
    assert location.text is not None and location.text.startswith("2.1.  Widget Sizes")


def test_no_quote_and_a_section_that_does_not_exist_is_missing(sample_doc: Document) -> None:
    location = locate(sample_doc, Citation(id="c", claim="x", quote=None, section="9.9"))
    assert location.status == "missing"
    assert "'9.9' does not exist" in location.reason


def test_a_document_without_headings_is_read_whole_and_the_evidence_says_so() -> None:
    from citecheck import parse_text

    doc = parse_text("Just prose about widgets and how peers exchange them.\n", parser="markdown")
    location = locate(doc, Citation(id="c", claim="x", quote="how peers exchange them", section=None))
    assert (location.status, location.section) == ("found", "document")
    assert "the document has no headings: it is read whole" in location.reason


CONTRACTIONS = Document.from_sections(
    {
        "1": "1. Rules\n\nThe header isn't optional for any receiver of the token.\n"
        "Clients don't accept tokens that were issued in the future.\n"
        "The JWT MUST be rejected if the principal is not in the audience."
    }
)


@pytest.mark.parametrize(
    "quote",
    [
        "The header is optional for any receiver of the token.",  # a contraction's negation dropped
        "Clients do accept tokens that were issued in the future.",
        "The JWT MUST be accepted if the principal is not in the audience.",  # an opposite
        "The header isn't mandatory for any receiver of the token.",
    ],
)
def test_dropped_contractions_and_opposites_are_missing(quote: str) -> None:
    location = locate(CONTRACTIONS, Citation(id="c", claim="x", quote=quote, section="1"))
    assert location.status == "missing", location.reason
    assert location.closest is not None


@pytest.mark.parametrize(
    "quote",
    [
        "The JWT _MUST_ be rejected if the principal is not in the audience.",  # underscore emphasis
        "The JWT __MUST__ be rejected if the principal is not in the audience",
        "Clients don\u2019t accept tokens that were issued in the future.",  # curly apostrophe
    ],
)
def test_underscore_emphasis_and_curly_apostrophes_are_harmless(quote: str) -> None:
    location = locate(CONTRACTIONS, Citation(id="c", claim="x", quote=quote, section="1"))
    assert location.status == "found", location.reason


@pytest.mark.parametrize(
    ("text", "quote"),
    [
        ('("Hello brave new world here," she said.', '("Hello brave new world'),  # at the very start
        ('He said: the answer is foo".)', 'the answer is foo".)'),  # at the very end
        ("Both pre- and post-processing steps are required here.", "Both pre- and post-processing steps"),
    ],
)
@pytest.mark.parametrize("strict", [False, True])
def test_verbatim_quotes_at_the_edges_are_exact(text: str, quote: str, strict: bool) -> None:
    doc = Document.from_sections({"1": text})
    location = locate(
        doc,
        Citation(id="c", claim="x", quote=quote, section="1"),
        options=match_options("cookbook") if strict else None,
    )
    assert location.match is not None and location.match.tier == "exact", location.reason


def test_strict_mode_reads_the_first_section_in_document_order(doc: Document) -> None:
    # The cookbook ignores the cited section when it places a quote; default mode prefers it.
    quote = "A receiver MUST NOT accept a token whose"
    assert where(doc, quote, "3", strict=True)[1] == "1"
    assert where(doc, quote, "3")[1] == "3"


def test_strict_mode_finds_quotes_in_any_kind_of_section() -> None:
    sections = {"intro": "Tokens MUST be signed by the issuer.", "1": "Other text entirely here."}
    assert find_quote(sections, "Tokens MUST be signed by the issuer.", options=match_options("cookbook")) == "intro"


def test_a_very_long_quote_is_missing(sample_doc: Document) -> None:
    # How long it takes is measured in benchmarks/bench_worst_case.py, not asserted here.
    location = locate(sample_doc, Citation(id="c", claim="x", quote="the widget " * 20_000, section="1"))
    assert location.status == "missing"


def test_a_copied_document_does_not_reuse_a_stale_index(doc: Document) -> None:
    assert where(doc, "A receiver MUST NOT accept a token whose", "3")[1] == "3"
    fewer = doc.model_copy(update={"sections": doc.sections[:2]})
    location = locate(fewer, Citation(id="c", claim="x", quote="A receiver MUST NOT accept a token whose", section="3"))
    assert [m.section for m in location.occurrences] == ["1"]


def test_find_quote_and_locate_take_plain_mappings_like_the_cookbook() -> None:
    sections = {"1": "Alpha beta gamma delta epsilon.", "2": "Zeta eta theta iota kappa."}
    assert find_quote(sections, "eta theta iota kappa") == "2"
    location = locate(sections, {"id": "c", "claim": "x", "quote": None, "section": "1"})
    assert (location.status, location.section) == ("section-only", "1")


@pytest.mark.parametrize(
    ("source", "quote", "tier"),
    [
        # A decomposed accent (NFD, common in PDF text) matches a composed one.
        (
            unicodedata.normalize("NFD", "Le jeton doit être signé par l'émetteur avant tout."),
            "Le jeton doit être signé par l'émetteur",
            "normalized",
        ),
        ("Die STRASSE ist lang und breit hier im Dorf.", "Die Straße ist lang und breit", "loose"),  # full case folding
        ("A to\u200fken MUST be signed by the issuer here.", "A token MUST be signed by the issuer", "normalized"),
        (
            "The key\r\nis base64url-\r   encoded for every receiver.",
            "The key is base64url-encoded for every",
            "normalized",
        ),
    ],
)
def test_unicode_forms_and_invisible_marks_are_harmless(source: str, quote: str, tier: str) -> None:
    location = locate({"1": source}, Citation(id="c", claim="x", quote=quote, section="1"))
    assert location.match is not None and location.match.tier == tier, location.reason


@pytest.mark.parametrize(
    ("source", "quote", "source_text"),
    [
        ("The value MUST be >= 0 for every counter kept.", "The value MUST be \u2265 0 for every", ">= 0 for every"),
        ("The value MUST be \u2265 0 for every counter.", "The value MUST be >= 0 for every", "\u2265 0 for every"),
        ("The length is <= 255 octets in every header.", "The length is \u2264 255 octets in", "<= 255 octets in"),
        ("A status != 200 is an error for every client.", "A status \u2260 200 is an error", "!= 200 is an error"),
        ("The flow runs client -> server for every request.", "The flow runs client \u2192 server", "-> server"),
        ("The reply runs server <- client for every request.", "The reply runs server \u2190 client", "<- client"),
        ("The grid is 3 x 4 cells on every screen.", "The grid is 3 \u00d7 4 cells on", "3 x 4 cells on"),
        ("The grid is 3\u00d74 cells on every screen.", "The grid is 3x4 cells on every", "3\u00d74 cells on every"),
    ],
)
def test_typographic_operators_match_their_ascii_spelling(source: str, quote: str, source_text: str) -> None:
    location = locate({"1": source}, Citation(id="c", claim="x", quote=quote, section="1"))
    # The quotes stop inside their sentences: for review, and for nothing else.
    assert location.status == "found" and set(location.flags) <= {"partial_sentence"}, location.reason
    assert location.match is not None and location.match.tier in ("exact", "normalized"), location.reason
    # The match maps back onto the source's own characters, whichever side was typographic.
    assert location.match.source_text.endswith(source_text), location.match.source_text


def test_superscripts_are_not_folded_into_other_numbers() -> None:
    # "232" for "2³²" reads as another number: never a plain match, for review at most (a browser
    # copies a superscript so); another digit is missing.
    source = {"1": "The key space is 2\u00b3\u00b2 values for every signature made."}
    flattened, changed = (
        locate(
            source, Citation(id="c", claim="x", quote=f"The key space is {n} values for every signature", section="1")
        )
        for n in ("232", "233")
    )
    assert flattened.status == "found" and flattened.match is not None, flattened.reason
    assert flattened.match.tier == "fuzzy" and "variant_form" in flattened.flags, flattened.reason
    assert changed.status == "missing", changed.reason


@pytest.mark.parametrize(
    ("quote", "status"),
    [
        ("The JWT MUST be rejectd by every receiver today.", "found"),  # a typo: fuzzy, for review
        ("The JWT MUST be reject by every receiver today.", "found"),  # an inflection
        ("The JWT MUST be accepted by every receiver today.", "missing"),  # the opposite
        ("The JWT MUST be by every receiver today.", "missing"),  # the word left out
    ],
)
def test_opposite_words_change_meaning_but_their_typos_do_not(quote: str, status: str) -> None:
    location = locate(
        {"1": "The JWT MUST be rejected by every receiver today."},
        Citation(id="c", claim="x", quote=quote, section="1"),
    )
    assert location.status == status, location.reason
    if status == "found":
        assert location.needs_review


def test_an_ellipsis_fragment_that_repeats_nearby_does_not_hide_the_real_chain() -> None:
    def filler(n: int, tag: str) -> str:
        return " ".join(f"{tag}{i}" for i in range(n))

    # The first "the middle part" is close to the start, but only the second is close to the end.
    text = f"alpha beta gamma delta {filler(10, 'a')} the middle part {filler(60, 'b')} the middle part "
    text += f"{filler(30, 'c')} omega psi chi phi."
    quote = "alpha beta gamma delta ... the middle part ... omega psi chi phi"
    location = locate({"1": text}, Citation(id="c", claim="x", quote=quote, section="1"))
    assert location.status == "found", location.reason
    assert location.match is not None and location.match.tier == "ellipsis"


def test_an_ellipsis_of_many_repeated_fragments_is_no_ellipsis_match() -> None:
    # How long it takes is measured in benchmarks/bench_worst_case.py, not asserted here.
    text = "alpha " + "the " * 3000 + "zebra."
    quote = "alpha ... " + "the ... " * 12 + "zebra"
    location = locate({"1": text}, Citation(id="c", claim="x", quote=quote, section="1"))
    # Twelve gaps of at most 80 words cannot span 3,000 words: no ellipsis match (at most a fuzzy one).
    assert location.match is None or location.match.tier == "fuzzy"
