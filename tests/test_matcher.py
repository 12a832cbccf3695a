import pytest

from citecheck import Citation, Document, find_quote, locate, normalize


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("a  b\n   c", "a b c"),
        ("\u201cquoted\u201d and \u2018single\u2019", "\"quoted\" and 'single'"),
        ("  trimmed \t", "trimmed"),
        ("", ""),
    ],
)
def test_normalize(raw: str, expected: str) -> None:
    assert normalize(raw) == expected


@pytest.mark.parametrize(
    ("quote", "section"),
    [
        ("A peer MUST NOT send a widget larger than 4096 octets.", "1"),  # crosses a line wrap
        ('The "widget" name is case sensitive.', "1"),  # straight quotes match curly ones
        ("Sizes of zero are not valid.", "2.1"),
        ("MUST discard it and MAY log the failure for later inspection", "2"),  # crosses the page break
        ("A peer MUST send a widget", None),
        ("Widgets are exchanged as XML objects.", None),
    ],
)
def test_find_quote(sample_doc: Document, quote: str, section: str | None) -> None:
    assert find_quote(sample_doc, quote) == section


def test_find_quote_takes_the_first_section_in_document_order() -> None:
    doc = Document.from_sections({"1": "shared words here", "2": "shared words here too"})
    assert find_quote(doc, "shared words") == "1"


def test_quote_across_two_sections_is_not_found_in_either() -> None:
    doc = Document.from_sections({"1": "end of one", "2": "start of two"})
    assert find_quote(doc, "one start") is None


@pytest.mark.parametrize("quote", ["", "   ", "\n"])
def test_blank_quote_is_never_found(sample_doc: Document, quote: str) -> None:
    assert find_quote(sample_doc, quote) is None


def test_found_match_keeps_exact_source_text_and_offsets(sample_doc: Document) -> None:
    citation = Citation(id="c", claim="x", quote="larger  than 4096 octets.  The \u201cwidget\u201d", section="1")
    location = locate(sample_doc, citation)
    assert location.status == "found"
    assert location.section == "1"
    match = location.match
    assert match is not None
    assert sample_doc.text[match.start : match.end] == match.source_text
    assert match.source_text == "larger than 4096 octets.  The \u201cwidget\u201d"
    assert location.text == sample_doc.sections[0].text


def test_missing_quote_has_no_section_text(sample_doc: Document) -> None:
    location = locate(sample_doc, Citation(id="c", claim="x", quote="not in there", section="1"))
    assert (location.status, location.section, location.text, location.match) == ("missing", None, None, None)
    assert "not in any section" in location.reason


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
