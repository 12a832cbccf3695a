from typing import Any

import pytest

from citecheck import Citation, Document, InvalidCitationError
from citecheck._models import as_citation

GOOD = {"id": "c1", "claim": "Widgets are JSON.", "quote": "JSON objects", "section": "1"}


@pytest.mark.parametrize(
    ("raw", "position", "name", "field"),
    [
        ({k: v for k, v in GOOD.items() if k != "claim"}, 0, "c1", "claim"),
        ({**GOOD, "claim": 42}, 0, "c1", "claim"),
        ({**GOOD, "quote": ["a", "list"]}, 3, "c1", "quote"),
        ({**GOOD, "section": 4.1}, 0, "c1", "section"),
        ({**GOOD, "id": 7}, 5, "#5", "id"),
        ({**GOOD, "id": "  "}, 2, "#2", "id"),
        ({**GOOD, "claim": "   "}, 0, "c1", "claim"),
        ({**GOOD, "quote": None, "section": None}, 0, "c1", "section"),
        ({**GOOD, "quote": "  ", "section": None}, 0, "c1", "section"),
        ({**GOOD, "qoute": "typo"}, 1, "c1", "qoute"),
    ],
)
def test_bad_citation_names_the_citation_and_field(raw: dict[str, Any], position: int, name: str, field: str) -> None:
    with pytest.raises(InvalidCitationError) as caught:
        as_citation(raw, position)
    assert caught.value.citation == name
    assert caught.value.field == field
    assert f"citation {name}" in str(caught.value)
    assert repr(field) in str(caught.value)


def test_not_a_mapping_is_rejected() -> None:
    with pytest.raises(InvalidCitationError, match="got list"):
        as_citation(["c1"], 4)  # type: ignore[arg-type]


@pytest.mark.parametrize(("quote", "has_quote"), [("x", True), (None, False), ("", False), (" \n\t", False)])
def test_blank_quote_counts_as_no_quote(quote: str | None, has_quote: bool) -> None:
    assert Citation(id="c", claim="x", quote=quote, section="1").has_quote is has_quote


def test_citation_passes_through_unchanged() -> None:
    citation = Citation(**GOOD)
    assert as_citation(citation) is citation


def test_from_sections_keeps_offsets_and_order() -> None:
    doc = Document.from_sections({"1": "alpha", "2.1": "beta gamma", "notes": "delta"})
    assert [s.id for s in doc.sections] == ["1", "2.1", "notes"]
    assert [s.kind for s in doc.sections] == ["numbered", "numbered", "heading"]
    for section in doc.sections:
        assert doc.text[section.start : section.end] == section.text
    assert len(doc.numbered_sections) == 2


def test_document_rejects_offsets_that_do_not_match() -> None:
    doc = Document.from_sections({"1": "alpha"})
    bad = doc.sections[0].model_copy(update={"start": 1})
    with pytest.raises(ValueError, match="does not match its offsets"):
        Document(text=doc.text, sections=(bad,))


def test_document_rejects_duplicate_ids() -> None:
    doc = Document.from_sections({"1": "alpha"})
    with pytest.raises(ValueError, match="appears twice"):
        Document(text=doc.text, sections=(doc.sections[0], doc.sections[0]))
