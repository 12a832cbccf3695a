from typing import Any

import pytest

from citecheck import Document, DocumentError, check_citation
from citecheck.matcher import locate
from citecheck.matcher._plain import KEPT_MAPPINGS, document_of
from citecheck.testing import StaticJudge

SECTIONS = {"1": "Tokens carry claims about a subject.", "2": "The exp claim names the expiry time of the token."}


def test_the_same_unchanged_mapping_reuses_its_document() -> None:
    mapping = dict(SECTIONS)
    first = document_of(mapping)
    assert document_of(mapping) is first
    assert first.sections[0].text == SECTIONS["1"]


def test_a_document_is_passed_through() -> None:
    document = Document.from_sections(SECTIONS)
    assert document_of(document) is document


def _replace(m: dict[str, str]) -> None:
    m["2"] = "The nbf claim names the time before which the token is not valid."


def _add(m: dict[str, str]) -> None:
    m["3"] = "The nbf claim names the time before which the token is not valid."


def _remove(m: dict[str, str]) -> None:
    del m["2"]


def _rename(m: dict[str, str]) -> None:
    m["2.1"] = m.pop("2")


def _reorder(m: dict[str, str]) -> None:
    m["1"] = m.pop("1")


def _same_text_new_string(m: dict[str, str]) -> None:
    m["2"] = "".join(list(m["2"]))  # an equal but distinct string: the document may be reused


@pytest.mark.parametrize("change", [_replace, _add, _remove, _rename, _reorder, _same_text_new_string])
def test_a_mapping_changed_in_place_gets_a_document_of_its_new_contents(change: Any) -> None:
    mapping = dict(SECTIONS)
    document_of(mapping)
    change(mapping)
    document = document_of(mapping)
    assert [(s.id, s.text) for s in document.sections] == list(mapping.items())


def test_locate_on_a_mutated_mapping_sees_the_change() -> None:
    mapping = dict(SECTIONS)
    citation = {"id": "c", "claim": "x", "quote": "the time before which the token is not valid", "section": "2"}
    assert locate(mapping, citation).status == "missing"
    _replace(mapping)
    assert locate(mapping, citation).status == "found"
    del mapping["2"]
    assert locate(mapping, citation).status == "missing"


def test_check_citation_loop_on_a_mapping_reads_the_current_text() -> None:
    mapping = dict(SECTIONS)
    judge = StaticJudge(default=("supports", 0.9))
    citation = {"id": "c", "claim": "x", "quote": None, "section": "2"}
    check_citation(mapping, citation, judge=judge)
    _replace(mapping)
    check_citation(mapping, citation, judge=judge)
    assert [section for _, section in judge.calls] == [SECTIONS["2"], mapping["2"]]


def test_only_a_few_mappings_keep_their_documents() -> None:
    mappings = [{"1": f"Section text number {i} of many."} for i in range(KEPT_MAPPINGS + 1)]
    first = document_of(mappings[0])
    for mapping in mappings[1:]:
        document_of(mapping)
    again = document_of(mappings[0])
    assert again is not first  # let go, then built anew
    assert again.sections == first.sections
    assert document_of(mappings[-1]) is document_of(mappings[-1])


def test_a_new_mapping_never_gets_another_mappings_document() -> None:
    # A freed dict's id can be reused by the next one; its document must follow its contents.
    for i in range(20):
        mapping = {"1": f"Text {i} here."}
        assert document_of(mapping).sections[0].text == f"Text {i} here."
        del mapping


@pytest.mark.parametrize("bad", [{"1": 5}, {2: "text"}, "a string", 42])
def test_bad_mappings_are_refused_every_time(bad: Any) -> None:
    for _ in range(2):
        with pytest.raises(DocumentError):
            document_of(bad)
