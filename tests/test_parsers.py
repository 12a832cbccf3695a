import hashlib
import json
from pathlib import Path

import pytest

from citecheck import Document, EmptyDocumentError, Parser, RFCParser
from citecheck.parsers._rfc import load_rfc


def test_loader_removes_running_header_footer_and_form_feeds(sample_text: str) -> None:
    loaded = load_rfc(sample_text)
    assert "[Page" not in loaded
    assert "June 2031\n" not in loaded.split("Abstract")[1]  # the running header is gone
    assert "Category: Informational                                        June 2031" in loaded  # front page kept
    assert "\f" not in loaded
    assert "\n\n\n" not in loaded


def test_sections_are_numbered_and_an_appendix_ends_the_one_before(sample_doc: Document) -> None:
    numbered = sample_doc.numbered_sections
    assert [s.id for s in numbered] == ["1", "2", "2.1"]
    assert [s.title for s in numbered] == ["Introduction", "Widget Rules", "Widget Sizes"]
    last = numbered[-1]
    assert last.text.endswith("Sizes of zero are not valid.")
    assert "Appendix" not in last.text


@pytest.mark.parametrize("text", ["", "   \n\f\n  "])
def test_empty_document_is_an_error(text: str) -> None:
    with pytest.raises(EmptyDocumentError, match="empty"):
        RFCParser().parse(text)


def test_rfc_parser_is_a_parser() -> None:
    assert isinstance(RFCParser(), Parser)


def test_rfc7519_counts(cookbook: Path) -> None:
    text = (cookbook / "rfc7519.txt").read_text()
    doc = RFCParser().parse(text)
    assert len(doc.text) == 58_365
    assert len(doc.numbered_sections) == 45
    assert doc.numbered_sections[0].id == "1"
    assert doc.numbered_sections[-1].id == "13.2"


def test_rfc7519_sections_are_byte_identical_to_the_cookbook(cookbook: Path) -> None:
    # The recorded answers are keyed on the exact section text: every one of the 7 must hit.
    doc = RFCParser().parse((cookbook / "rfc7519.txt").read_text())
    cache = json.loads((cookbook / "json_cache.json").read_text())
    citations = json.loads((cookbook / "citations.json").read_text())
    hits = set()
    for citation in citations:
        for section in doc.numbered_sections:
            key = hashlib.sha256(f"ask|{citation['claim']}|{section.text}".encode()).hexdigest()
            if key in cache:
                hits.add(key)
    assert hits == set(cache)
